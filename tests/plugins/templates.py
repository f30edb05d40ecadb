"""Template rendering: plain in every test (not instrumented as Django's test environment
does, about 6 % of a page test's time); a test that reads `response.context` asks for the
`response_context` fixture."""

import pytest
from django.template.base import Template

# Template rendering as Django does it outside tests, taken before pytest-django's test
# environment instruments it (`plain_template_rendering`).
PLAIN_TEMPLATE_RENDER = Template._render


@pytest.fixture(scope="session", autouse=True)
def plain_template_rendering(django_test_environment):
    """Django's test environment instruments template rendering so that the test client
    keeps a copy of every template's context (`response.context`): copies of the context for
    each of the hundreds of templates and partials a page is drawn from, about 6 % of a page
    test's time. Rendering stays plain; a test that reads `response.context` asks for
    `response_context`."""
    from django.test.utils import instrumented_test_render

    assert PLAIN_TEMPLATE_RENDER is not instrumented_test_render
    Template._render = PLAIN_TEMPLATE_RENDER
    yield
    Template._render = instrumented_test_render


@pytest.fixture
def response_context():
    """For this test, the test client's `response.context` (template rendering instrumented as
    Django's test environment does)."""
    from django.test.utils import instrumented_test_render

    Template._render = instrumented_test_render
    yield
    Template._render = PLAIN_TEMPLATE_RENDER
