"""Playtest versions: a game's components then and now → what changed, said in words, and a report of it.

"Then" is the game at a git revision, painted by today's pnp, or the sheets an earlier
build printed (cut out of its PDF by the record pnp.layout.face_places keeps beside it);
"now" is the game as it is, painted. Faces are told apart by what they paint, never by
their YAML (`compare`); `versions` gives each version's sets, items and faces; `changes`
lists what was added, removed and changed per set and item, and which copies to print
again; `report` draws the changes PDF, each changed face before and after.
"""
