; TypeScript and TSX grammars.
; include typescript/ecmascript.scm

; Definitions only TypeScript has. @body marks where the signature ends.
(function_signature name: (identifier) @name) @definition.function
(abstract_class_declaration name: (_) @name body: (_) @body) @definition.class
(class_body (method_signature name: (_) @name) @definition.method)
(class_body (abstract_method_signature name: (_) @name) @definition.method)
(class_body (public_field_definition name: (_) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method)
(interface_declaration name: (_) @name body: (_) @body) @definition.interface
(interface_body (method_signature name: (_) @name) @definition.method)
(enum_declaration name: (_) @name body: (_) @body) @definition.enum
(type_alias_declaration name: (_) @name value: (_) @body) @definition.type_alias
(internal_module name: (_) @name body: (_) @body) @scope

; References
(extends_clause value: [(identifier) (member_expression)] @reference.inherits)
(implements_clause [(type_identifier) (nested_type_identifier)] @reference.implements)
(implements_clause (generic_type name: (_) @reference.implements))
(extends_type_clause type: [(type_identifier) (nested_type_identifier)] @reference.inherits)
(extends_type_clause type: (generic_type name: (_) @reference.inherits))
(nested_type_identifier) @reference.type
(type_identifier) @reference.type
(type_parameter name: (type_identifier) @claim)

; Bindings: `let c: Foo`
(variable_declarator name: (identifier) @binding.variable type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @binding.type))
; A parameter with a class type is a binding of that class in the function: `(doc: Document) => doc.save()`
(required_parameter pattern: (identifier) @binding.variable type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @binding.type))
(optional_parameter pattern: (identifier) @binding.variable type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @binding.type))
; `const a = f()`, `const a = x as Foo`, `const a = B.create` (no declared type): the variable holds what the expression gives.
(variable_declarator name: (identifier) @binding.variable !type
  value: [(call_expression) (as_expression) (satisfies_expression) (non_null_expression) (member_expression) (identifier)] @binding.value)
; Attributes: fields and interface properties with a declared class type, fields holding a new instance.
(public_field_definition name: [(property_identifier) (private_property_identifier)] @binding.property
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @binding.type))
(public_field_definition name: [(property_identifier) (private_property_identifier)] @binding.property !type
  value: (new_expression constructor: (_) @binding.type))
(interface_body (property_signature name: (property_identifier) @binding.property
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @binding.type)))
(required_parameter pattern: (identifier) @binding.local)
(optional_parameter pattern: (identifier) @binding.local)
