; JavaScript grammar, also used for JSX.
; include typescript/ecmascript.scm

(class_body (field_definition property: (_) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method)
(class_heritage [(identifier) (member_expression)] @reference.inherits)

; `const a = f()`, `const a = B.create`: the variable holds what the expression gives.
(variable_declarator name: (identifier) @binding.variable value: [(call_expression) (member_expression) (identifier)] @binding.value)
; Fields holding a new instance: `cache = new Cache()`.
(class_body (field_definition property: [(property_identifier) (private_property_identifier)] @binding.property
  value: (new_expression constructor: (_) @binding.type)))
(formal_parameters (identifier) @binding.local)
(formal_parameters (assignment_pattern left: (identifier) @binding.local))
