"""The translation catalogs: parlor.pot (the English templates, extracted from the source) and one
<lang>.po per language; content.pot and content/<lang>.po, the same for the texts of the lessons
and the how-to-play pages. `python -m parlor.locale.catalogs` keeps them in step with the source."""
