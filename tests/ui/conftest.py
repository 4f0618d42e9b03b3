"""Fixtures for the NiceGUI `user` tests. (Each test starts the app afresh, with a fresh runtime: the hub, the
join-code guard and the rest of the server's state.)"""
