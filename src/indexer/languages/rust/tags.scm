; Definitions. @body marks where the signature ends.
(struct_item name: (type_identifier) @name body: (field_declaration_list) @body) @definition.class
(struct_item name: (type_identifier) @name !body) @definition.class
(struct_item name: (type_identifier) @name body: (ordered_field_declaration_list)) @definition.class
(union_item name: (type_identifier) @name body: (_) @body) @definition.class
(enum_item name: (type_identifier) @name body: (_) @body) @definition.enum
(trait_item name: (type_identifier) @name body: (_) @body) @definition.interface
(type_item name: (type_identifier) @name) @definition.type_alias
(function_item name: (identifier) @name body: (_) @body) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
; A closure bound to a name: `let f = |x| ...`
(let_declaration pattern: (identifier) @name value: (closure_expression body: (_) @body)) @definition.function
; Naming scopes: `impl Foo` puts its functions under Foo, `mod m { ... }` under m.
(impl_item type: (_) @name body: (_)) @scope.impl
(mod_item name: (identifier) @name body: (_)) @scope.mod

; References
(call_expression function: [(identifier) (scoped_identifier) (field_expression)] @reference.call)
(call_expression function: (generic_function function: (_) @reference.call))
(struct_expression name: [(type_identifier) (scoped_type_identifier)] @reference.new)
(impl_item trait: [(type_identifier) (scoped_type_identifier)] @reference.implements)
(impl_item trait: (generic_type type: (_) @reference.implements))
(trait_item bounds: (trait_bounds [(type_identifier) (scoped_type_identifier)] @reference.inherits))
(scoped_type_identifier) @reference.type
(type_identifier) @reference.type
(type_parameter name: (type_identifier) @claim)

; Imports
(use_declaration) @import

; Bindings: `let c = Foo::new()`, `let c = Foo { .. }`, `let c: Foo = ...`
(let_declaration pattern: (identifier) @binding.variable
  value: (call_expression function: (scoped_identifier path: (_) @binding.type)))
(let_declaration pattern: (identifier) @binding.variable value: (struct_expression name: (_) @binding.type))
(let_declaration pattern: (identifier) @binding.variable type: [(type_identifier) (scoped_type_identifier)] @binding.type)
(let_declaration pattern: (identifier) @binding.variable type: (generic_type type: (_) @binding.type))
