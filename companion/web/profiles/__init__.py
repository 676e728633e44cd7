"""Deck profiles' pages: the one card editor and the lists (``routes``, drawing ``model``'s frozen views), each
game's part of the editor (``cardforms``: the ProfileEditor a game's web package gives), the way back to the page a
player came from (``returning``), and the ProfileDesk the games' quick tools ask of profiles (``desk``)."""
