"""The `parlor` command: a thin shell over the core, records, bots and front ends."""
