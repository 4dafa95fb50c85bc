; Patterns shared by the JavaScript and TypeScript grammars, included by both tags.scm files.
; Definitions. @body marks where the signature ends.
(function_declaration name: (identifier) @name body: (_) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (_) @body) @definition.function
(class_declaration name: (_) @name body: (_) @body) @definition.class
(class_body (method_definition name: (_) @name body: (_) @body) @definition.method)
(variable_declarator name: (identifier) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)]) @definition.function
(export_statement "default"
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.default
; `exports.f = function () {}`, `module.exports.f = () => {}`, `Foo.prototype.m = function () {}`
(assignment_expression left: (member_expression property: (property_identifier) @name) @commonjs.target
  right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.function

; References
(call_expression function: [(identifier) (member_expression)] @reference.call)
(decorator [(identifier) (member_expression)] @reference.call)
(new_expression constructor: [(identifier) (member_expression)] @reference.new)

; Imports and exports, handled statement by statement in code.
(import_statement) @import
(export_statement) @export
(variable_declarator value: (call_expression function: (identifier) @_require (#eq? @_require "require"))) @require
(expression_statement (call_expression function: (identifier) @_require (#eq? @_require "require")) @require)
((assignment_expression left: (member_expression) @commonjs.target right: (_) @commonjs.value) @commonjs
  (#match? @commonjs.target "^(module\\.)?exports\\b"))

; Bindings: `const c = new Foo()`, `this.c = new Foo()`
(variable_declarator name: (identifier) @binding.variable value: (new_expression constructor: (_) @binding.type))
(assignment_expression left: [(identifier) (member_expression)] @binding.variable right: (new_expression constructor: (_) @binding.type))

; Parameters and variables: names that hide outer definitions even where their value is not known.
(variable_declarator name: (identifier) @binding.local)
(arrow_function parameter: (identifier) @binding.local)
(rest_pattern (identifier) @binding.local)
