"""Everything pygame: the app, the scene stack, menus, widgets and the tables."""
