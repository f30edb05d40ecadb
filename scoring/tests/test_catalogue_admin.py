"""The admin has a working change list and change form for every catalogue model."""

import pytest
from django.contrib import admin
from django.urls import reverse

from scoring import models
from scoring.tests.catalogue import ensure_catalogue

CATALOGUE_MODELS = [
    models.Zone,
    models.Hub,
    models.Party,
    models.Location,
    models.Megastructure,
    models.TrackerSection,
    models.Award,
    models.PlayerPower,
    models.Ship,
    models.CorporationColour,
    models.CatalogueSeed,
]

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, django_user_model):
    ensure_catalogue()
    user = django_user_model.objects.create_superuser("admin", "admin@example.com", "pw")
    client.force_login(user)
    return client


def test_every_catalogue_model_is_registered():
    assert all(admin.site.is_registered(model) for model in CATALOGUE_MODELS)


@pytest.mark.parametrize("model", CATALOGUE_MODELS, ids=lambda m: m._meta.model_name)
def test_it_lists_searches_and_opens_each_model(staff_client, model):
    opts = model._meta
    changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")

    assert staff_client.get(changelist).status_code == 200
    assert staff_client.get(changelist, {"q": "a"}).status_code == 200
    first = model.objects.first()
    change = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[first.pk])
    assert staff_client.get(change).status_code == 200


def test_a_megastructures_key_cannot_be_changed_in_the_admin(staff_client):
    url = reverse("admin:scoring_megastructure_change", args=["dyson-swarm"])

    page = staff_client.get(url).content.decode()

    assert 'name="key"' not in page
