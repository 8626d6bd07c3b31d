"""The kit's vocabulary, which every other room may use: what a kit's parts are called (``layout``, the
kit format's schema ``kit.schema.json``), the facts a table records (``facts``: stored events, their names a
contract), how a mistake in a kit is told (``kit_mistakes``, ``kit_problem``, ``kit_rule_mistakes``) and
what a kit's parameters may be (``kit_parameters``).

May use: nothing else of the table kit (``domain.engine`` only)."""
