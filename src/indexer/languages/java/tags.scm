; Definitions. @body marks where the signature ends.
(class_declaration name: (identifier) @name body: (_) @body) @definition.class
(record_declaration name: (identifier) @name body: (_) @body) @definition.class
(interface_declaration name: (identifier) @name body: (_) @body) @definition.interface
(annotation_type_declaration name: (identifier) @name body: (_) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (_) @body) @definition.enum
(method_declaration name: (identifier) @name body: (_) @body) @definition.method
(method_declaration name: (identifier) @name !body) @definition.method
(constructor_declaration name: (identifier) @name body: (_) @body) @definition.method
(compact_constructor_declaration name: (identifier) @name body: (_) @body) @definition.method
; A lambda bound to a name is a function: `Runnable task = () -> {...};` (a field, or a local variable)
(field_declaration declarator: (variable_declarator name: (identifier) @name value: (lambda_expression body: (_) @body))) @definition.function
(local_variable_declaration declarator: (variable_declarator name: (identifier) @name value: (lambda_expression body: (_) @body))) @definition.function

; References
(method_invocation object: (_) @receiver name: (identifier) @name) @reference.call
(method_invocation !object name: (identifier) @name) @reference.call
(object_creation_expression type: [(type_identifier) (scoped_type_identifier)] @reference.new)
(object_creation_expression type: (generic_type [(type_identifier) (scoped_type_identifier)] @reference.new))
(superclass [(type_identifier) (scoped_type_identifier)] @reference.inherits)
(superclass (generic_type [(type_identifier) (scoped_type_identifier)] @reference.inherits))
(super_interfaces (type_list [(type_identifier) (scoped_type_identifier)] @reference.implements))
(super_interfaces (type_list (generic_type [(type_identifier) (scoped_type_identifier)] @reference.implements)))
(extends_interfaces (type_list [(type_identifier) (scoped_type_identifier)] @reference.inherits))
(extends_interfaces (type_list (generic_type [(type_identifier) (scoped_type_identifier)] @reference.inherits)))
(scoped_type_identifier) @reference.type
(type_identifier) @reference.type
(type_parameter (type_identifier) @claim)

; Imports and package
(import_declaration) @import

; Bindings: `Foo c = new Foo()`, `List<Foo> xs` (a `List`), `Foo[] a` and `int n` (no class of the repository's, but
; their types tell overloads apart). Locals, fields (interface constants too), parameters of methods, constructors,
; lambdas with declared types and record components (the record's fields), varargs (arrays), catch, enhanced-for and
; resource variables, pattern variables (`o instanceof Foo f`, `case Foo f`, `case P(int x)`).
(local_variable_declaration type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type
  declarator: (variable_declarator name: (identifier) @binding.variable))
(field_declaration type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type
  declarator: (variable_declarator name: (identifier) @binding.variable))
(constant_declaration type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type
  declarator: (variable_declarator name: (identifier) @binding.variable))
(formal_parameter type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type
  name: (identifier) @binding.variable)
(spread_parameter [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type
  (variable_declarator name: (identifier) @binding.variable))
(catch_formal_parameter (catch_type) @binding.type name: (identifier) @binding.variable)
(enhanced_for_statement type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type
  name: (identifier) @binding.variable)
(resource type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type name: (identifier) @binding.variable)
(instanceof_expression right: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type name: (identifier) @binding.variable)
(type_pattern [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type (identifier) @binding.variable)
(record_pattern_component [(type_identifier) (scoped_type_identifier) (generic_type) (array_type) (integral_type) (floating_point_type) (boolean_type)] @binding.type (identifier) @binding.variable)
; Lambda parameters of no declared type (`x -> ...`, `(x, y) -> ...`): bound, of unknown type.
(lambda_expression parameters: (identifier) @binding.untyped)
(lambda_expression parameters: (inferred_parameters (identifier) @binding.untyped))
