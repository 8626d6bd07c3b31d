"""The kit's expression language. CEL is what a designer writes and the reference (``expressions``, each
expression priced before it runs by ``expression_cost``, by the shapes of ``expression_shapes``); each expression
is also read once (``expression_syntax``) into Python closures (``compiled_expressions``, with CEL's operators and
macros in ``compiled_values``, ``compiled_operators`` and ``compiled_macros``; a choice's ``where`` over many
candidates in ``compiled_filter``), the fast way to its value, CEL asked wherever they cannot be sure. Here too:
named values (``kit_lets``), and the sizes, keys and decks worked out from a kit's parameters (``kit_sizes``).

May use: the vocabulary."""
