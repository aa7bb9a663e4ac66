"""`${...}` in content strings → the values they stand for: a name, or a little arithmetic.

`${colour}` takes an item's attribute (or a group's parameter, or a `repeat:` variable);
`${row * 5 + col + 1}` computes with them: whole numbers and decimals, + - * / // %,
parentheses and unary minus, nothing else (no calls, no attributes, no powers). An
expression is at most MAX_EXPRESSION_CHARS long and its value stays within MAX_NUMBER,
so no content can make a computation run long. A name may hold '-' (`${face-colour}`);
in arithmetic, write spaces around a minus (`${n - 1}`). A whole string that is one `${...}`
keeps the value's own type (a number stays a number, a table text stays a table text).
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pnp.model.limits import MAX_EXPRESSION_CHARS, MAX_NUMBER
from pnp.model.problems import listing, quote

VARIABLE = re.compile(r"\$\{([^{}]*)\}")
_NAME = re.compile(r"[A-Za-z_][\w-]*")
_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
              ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}


class ExpressionError(ValueError):
    """An expression that names an unknown value or cannot be computed; says which and why."""


def evaluate(expression: str, values: Mapping[str, Any]) -> Any:
    """The value of what stands between `${` and `}`."""
    text = expression.strip()
    if _NAME.fullmatch(text):
        if text not in values:
            known = listing(sorted(values)) or "none"
            raise ExpressionError(f"unknown attribute '${{{text}}}' (known here: {known})")
        return values[text]
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ExpressionError(f"an expression of {len(text)} characters is over the limit of {MAX_EXPRESSION_CHARS}")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        raise ExpressionError(f"cannot read {quote('${' + text + '}')}: expected a name or arithmetic such as "
                              "${row * 5 + col + 1}") from None
    return _number(_compute(tree.body, values, text))


def _compute(node: ast.AST, values: Mapping[str, Any], text: str) -> int | float:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Name):
        value = evaluate(node.id, values)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ExpressionError(f"'{node.id}' is {quote(value)}, not a number, in {quote('${' + text + '}')}")
        return value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _compute(node.operand, values, text)
        return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _compute(node.left, values, text), _compute(node.right, values, text)
        try:
            return _number(_OPERATORS[type(node.op)](left, right))
        except ZeroDivisionError:
            raise ExpressionError(f"{quote('${' + text + '}')} divides by zero") from None
    raise ExpressionError(f"cannot compute {quote('${' + text + '}')}: only numbers, names, + - * / // % and "
                          "parentheses are allowed")


def _number(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if abs(value) > MAX_NUMBER:
            raise ExpressionError(f"the result {quote(value)} is over the limit of {MAX_NUMBER}")
        if isinstance(value, float) and value.is_integer():
            return int(value)
    return value


@lru_cache(maxsize=4096)
def names_in(text: str) -> tuple[str, ...]:
    """The names text's `${...}` use, in order (`${row * 5 + col}`: row, col); a deck's faces ask
    for the same few texts on every card."""
    return tuple(dict.fromkeys(name for match in VARIABLE.finditer(text) for name in _NAME.findall(match.group(1))))


def interpolate(text: str, values: Mapping[str, Any]) -> Any:
    """text with every `${...}` replaced; a text that is one `${...}` gives that value itself."""
    whole = VARIABLE.fullmatch(text)
    if whole:
        return evaluate(whole.group(1), values)
    return VARIABLE.sub(lambda match: _shown(evaluate(match.group(1), values), match.group(0)), text)


def _shown(value: Any, written: str) -> str:
    """A value as part of a longer text."""
    if hasattr(value, "embeddable") and not value.embeddable:
        raise ExpressionError(f"{written} is a text with a translation per language; use it as a whole value, "
                              f"such as text: \"{written}\"")
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
