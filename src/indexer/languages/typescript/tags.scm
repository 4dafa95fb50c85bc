; Definitions (TypeScript and TSX grammars). @body marks where the signature ends.
(function_declaration name: (identifier) @name body: (_) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (_) @body) @definition.function
(function_signature name: (identifier) @name) @definition.function
(class_declaration name: (_) @name body: (_) @body) @definition.class
(abstract_class_declaration name: (_) @name body: (_) @body) @definition.class
(class_body (method_definition name: (_) @name body: (_) @body) @definition.method)
(class_body (method_signature name: (_) @name) @definition.method)
(class_body (abstract_method_signature name: (_) @name) @definition.method)
(class_body (public_field_definition name: (_) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method)
(interface_declaration name: (_) @name body: (_) @body) @definition.interface
(interface_body (method_signature name: (_) @name) @definition.method)
(enum_declaration name: (_) @name body: (_) @body) @definition.enum
(type_alias_declaration name: (_) @name value: (_) @body) @definition.type_alias
(variable_declarator name: (identifier) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)]) @definition.function
(export_statement "default"
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.default
; `exports.f = function () {}`, `module.exports.f = () => {}`, `Foo.prototype.m = function () {}`
(assignment_expression left: (member_expression property: (property_identifier) @name) @commonjs.target
  right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.function
(internal_module name: (_) @name body: (_) @body) @scope

; References
(call_expression function: [(identifier) (member_expression)] @reference.call)
(decorator [(identifier) (member_expression)] @reference.call)
(new_expression constructor: [(identifier) (member_expression)] @reference.new)
(extends_clause value: [(identifier) (member_expression)] @reference.inherits)
(implements_clause [(type_identifier) (nested_type_identifier)] @reference.implements)
(implements_clause (generic_type name: (_) @reference.implements))
(extends_type_clause type: [(type_identifier) (nested_type_identifier)] @reference.inherits)
(extends_type_clause type: (generic_type name: (_) @reference.inherits))
(nested_type_identifier) @reference.type
(type_identifier) @reference.type
(type_parameter name: (type_identifier) @claim)

; Imports and exports, handled statement by statement in code.
(import_statement) @import
(export_statement) @export
(variable_declarator value: (call_expression function: (identifier) @_require (#eq? @_require "require"))) @require
(expression_statement (call_expression function: (identifier) @_require (#eq? @_require "require")) @require)
((assignment_expression left: (member_expression) @commonjs.target right: (_) @commonjs.value) @commonjs
  (#match? @commonjs.target "^(module\\.)?exports\\b"))

; Bindings: `const c = new Foo()`, `this.c = new Foo()`, `let c: Foo`
(variable_declarator name: (identifier) @binding.variable value: (new_expression constructor: (_) @binding.type))
(assignment_expression left: [(identifier) (member_expression)] @binding.variable right: (new_expression constructor: (_) @binding.type))
(variable_declarator name: (identifier) @binding.variable type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @binding.type))
