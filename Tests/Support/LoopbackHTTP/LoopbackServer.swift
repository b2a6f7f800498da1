// placeholder: the loopback server lands here.
