"""The translation catalogs: parlor.pot (the English templates, extracted from the source) and one
<lang>.po per language. `python -m parlor.locale.catalogs` keeps them in step with the source."""
