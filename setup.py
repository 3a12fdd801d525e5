"""Packaging beyond what pyproject.toml can say: the rule pages in ``docs/rules/`` ship inside the
package as ``phoenixgames/rules/<game>.md``, so that ``phoenixgames rules GAME`` works from any
install, not only from a checkout; the browser pages in ``src/phoenixgames/web/`` (HTML, CSS and JavaScript,
no Python) ship as ``phoenixgames.web``."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages("src"), "phoenixgames.rules", "phoenixgames.web"],
    package_dir={"": "src", "phoenixgames.rules": "docs/rules"},
)
