"""Pure rules engines, one module or package per game.

An engine knows states, legal moves, how a move changes a state and who has won;
it draws nothing. States and moves have a short text notation that parses and
prints back, so tests and YAML example plays read well.
"""
