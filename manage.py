#!/usr/bin/env python
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    argv = list(sys.argv)
    if argv[1:2] == ["version"]:
        # Django answers `version` itself, with Django's version, before any app's command:
        # `manage.py version` prints this project's (hosting's `site_version`, docs/commands.md);
        # Django's stays at `manage.py --version`.
        argv[1] = "site_version"
    execute_from_command_line(argv)


if __name__ == "__main__":
    main()
