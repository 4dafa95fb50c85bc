; Definitions. @body marks where the signature ends.
(function_declaration name: (identifier) @name body: (block) @body) @definition.function
(method_declaration receiver: (parameter_list) @receiver name: (field_identifier) @name body: (block) @body) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @definition.class
(type_spec name: (type_identifier) @name type: (interface_type) @body) @definition.interface
(type_spec name: (type_identifier) @name
  type: [(type_identifier) (generic_type) (qualified_type) (pointer_type) (array_type) (slice_type) (map_type)
         (channel_type) (function_type) (parenthesized_type) (negated_type)]) @definition.type_alias
(type_alias name: (type_identifier) @name) @definition.type_alias
(interface_type (method_elem name: (field_identifier) @name) @definition.method)
; A function literal bound to a name: `f := func() {...}`, `var f = func() {...}`
(short_var_declaration left: (expression_list . (identifier) @name .) right: (expression_list . (func_literal body: (block) @body) .)) @definition.function
(var_spec name: (identifier) @name value: (expression_list . (func_literal body: (block) @body) .)) @definition.function

; References
(call_expression function: [(identifier) (selector_expression)] @reference.call)
(composite_literal type: [(type_identifier) (qualified_type)] @reference.new)
(composite_literal type: (generic_type type: (_) @reference.new))
(field_declaration !name type: [(type_identifier) (qualified_type)] @reference.inherits)
(field_declaration !name type: (pointer_type [(type_identifier) (qualified_type)] @reference.inherits))
(interface_type (type_elem [(type_identifier) (qualified_type)] @reference.inherits))
(qualified_type) @reference.type
(type_identifier) @reference.type
(type_parameter_declaration name: (identifier) @claim)

; Imports
(import_spec) @import

; Bindings (index.ts reads the names, types and values): variables (`var c Thing`, `c := Thing{}`, `c := &pkg.Thing{}`,
; `c, err := s.Open()`), the parameters and named results of functions, methods and function literals
; (`func f(c *Container)`)
(var_spec) @binding.var
(short_var_declaration) @binding.var
(parameter_declaration) @binding.parameter
(variadic_parameter_declaration) @binding.parameter
; The fields of a struct type, named (`store *Store`) and embedded (`*State` is the field State)
(type_spec type: (struct_type (field_declaration_list (field_declaration) @binding.field)))
