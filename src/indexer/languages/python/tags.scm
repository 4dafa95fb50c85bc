; Definitions. The span is the definition node (widened to its decorators in code); @body marks where the
; signature ends.
(class_definition name: (identifier) @name body: (block) @body) @definition.class
(function_definition name: (identifier) @name body: (block) @body) @definition.function
; A lambda bound to a name is a function: `f = lambda x: ...`
(assignment left: (identifier) @name right: (lambda body: (_) @body)) @definition.function

; References. Receivers and names are split from the callee text in code.
(call function: [(identifier) (attribute)] @reference.call)
; A bare decorator (`@dataclass`, `@app.cached`) is a call of the decorator.
(decorator [(identifier) (attribute)] @reference.call)
(class_definition superclasses: (argument_list [(identifier) (attribute)] @reference.inherits))
(class_definition superclasses: (argument_list (subscript value: [(identifier) (attribute)] @reference.inherits)))
(type) @reference.type
; Class names used as values are found by a text scan in code (a #match? predicate on every identifier is slow).

; Imports, handled statement by statement in code.
[(import_statement) (import_from_statement)] @import

; Bindings: `c = Collector()`, `self.c = models.Collector()`, `c = self.connect()`, `c = other`, `c: Collector = ...`
; Only values valuePath can read, and no declared type (which wins over the value: `x: Base = Impl()` is a Base).
(assignment left: [(identifier) (attribute)] @binding.variable !type
  right: [(identifier) (attribute) (call) (parenthesized_expression)] @binding.value)
(assignment left: [(identifier) (attribute)] @binding.variable type: (type) @binding.annotation)
; A parameter with a class annotation is a binding of that class in the function: `def f(doc: Document)`
(typed_parameter (identifier) @binding.variable type: (type) @binding.annotation)
(typed_default_parameter name: (identifier) @binding.variable type: (type) @binding.annotation)
