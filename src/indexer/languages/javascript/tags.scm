; JavaScript grammar, also used for JSX.
; include typescript/ecmascript.scm

(class_body (field_definition property: (_) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method)
(class_heritage [(identifier) (member_expression)] @reference.inherits)
