import getpass


def command_actor() -> str:
    """Who ran a management command: the operating-system user, as far as it is known."""
    try:
        return f"{getpass.getuser()} (manage.py)"
    except (KeyError, OSError):
        return "manage.py"
