"""Affine maps of the plane as six numbers (a, b, c, d, e, f), the PDF convention:
(x, y) → (a·x + c·y + e, b·x + d·y + f).

Faces use them to place a group's elements and to rotate any element. In face space
(y down) a positive angle turns clockwise as the printed face is seen.
"""

from __future__ import annotations

import math

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m after n: the map that applies n first, then m."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float) -> Matrix:
    return (sx, 0.0, 0.0, sy, 0.0, 0.0)


def rotation_about(degrees: float, x: float, y: float) -> Matrix:
    """A turn by degrees about (x, y); in face space (y down) positive is clockwise."""
    radians = math.radians(degrees % 360)
    cos, sin = math.cos(radians), math.sin(radians)
    # Quarter turns exactly, so a turned corner number lands on whole coordinates.
    cos, sin = round(cos, 12) + 0.0, round(sin, 12) + 0.0
    return multiply(translate(x, y), multiply((cos, sin, -sin, cos, 0.0, 0.0), translate(-x, -y)))


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)
