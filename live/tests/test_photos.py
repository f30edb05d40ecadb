"""A game's photo of the final table (docs/photos.md): resized, its location data stripped,
refused with a sentence when it is no photo or too large, shown to members only, written with
a line in the History, and carried by the site's backup (not by the campaign file)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from PIL import ExifTags, Image, PngImagePlugin

from accounts.actions import switch_public_link
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign, Change, ChangeKind, Game
from live.actions.photos import attach_photo
from live.models import GamePhoto
from live.photos import (
    LONGEST_SIDE,
    MAX_PHOTO_BYTES,
    PhotoRefused,
    _decoded_small,
    prepare_photo,
)
from scoring.tests.catalogue import ensure_catalogue

pytestmark = pytest.mark.django_db

GPS = ExifTags.IFD.GPSInfo


@pytest.fixture(autouse=True)
def catalogue():
    ensure_catalogue()


@pytest.fixture
def campaign() -> Campaign:
    return actions.import_campaign(make_campaign(3, corporations=3))


def camera_jpeg(width: int = 3000, height: int = 2000, *, orientation: int = 1) -> bytes:
    """A JPEG as a phone's camera writes one: the camera, the time and where it was taken."""
    image = Image.new("RGB", (width, height), (30, 90, 160))
    image.paste((220, 40, 40), (0, 0, width // 4, height // 4))  # a red corner: top left
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "PhoneMaker"
    exif[ExifTags.Base.Model] = "Phone 15"
    exif[ExifTags.Base.Orientation] = orientation
    gps = exif.get_ifd(GPS)
    gps[ExifTags.GPS.GPSLatitudeRef] = "N"
    gps[ExifTags.GPS.GPSLatitude] = (48.0, 51.0, 24.0)
    gps[ExifTags.GPS.GPSLongitudeRef] = "E"
    gps[ExifTags.GPS.GPSLongitude] = (2.0, 21.0, 7.0)
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif, quality=90)
    data = out.getvalue()
    # The test's own photo does carry a position.
    assert Image.open(io.BytesIO(data)).getexif().get_ifd(GPS)
    return data


def upload(client, campaign: Campaign, data: bytes, name: str = "IMG_0001.jpg", number: int = 2):
    photo = SimpleUploadedFile(name, data, content_type="image/jpeg")
    return client.post(
        reverse("campaign:game_photo_add", args=[campaign.slug, number]), {"photo": photo}
    )


def stored(campaign: Campaign, number: int = 2) -> Image.Image:
    photo = GamePhoto.objects.get(game__campaign=campaign, game__number=number)
    return Image.open(io.BytesIO(bytes(photo.jpeg)))


def test_a_photo_is_kept_resized_upright_and_without_its_location(personas, campaign):
    people = personas(campaign)
    response = upload(people.player, campaign, camera_jpeg(3000, 2000, orientation=6))

    assert response.status_code == 302
    assert response["Location"].endswith("/games/2/checklist/#photo")
    image = stored(campaign)
    assert image.format == "JPEG"
    # Orientation 6: the camera was held upright; the pixels are turned, 2000 × 3000 then.
    assert image.size == (round(LONGEST_SIDE * 2000 / 3000), LONGEST_SIDE)
    assert image.getpixel((image.width - 5, 5))[0] > 150  # the red corner, now top right
    exif = image.getexif()
    assert not exif.get_ifd(GPS)
    assert dict(exif) == {}
    assert "exif" not in image.info
    change = Change.objects.get(campaign=campaign, kind=ChangeKind.PHOTO_ADDED)
    assert change.game_number == 2 and change.made_by == people.users["player"]


def test_a_file_that_is_not_an_image_is_refused_with_a_sentence(personas, campaign):
    people = personas(campaign)
    response = upload(people.player, campaign, b"%PDF-1.4 not a photo at all", "table.jpg")

    assert response.status_code == 400
    page = response.content.decode()
    assert "The photo is not an image the app can read" in page
    assert GamePhoto.objects.count() == 0
    assert not Change.objects.filter(kind=ChangeKind.PHOTO_ADDED).exists()


def test_a_photo_over_the_limit_is_refused_with_a_sentence(personas, campaign):
    people = personas(campaign)
    large = camera_jpeg(600, 400) + b"\0" * (MAX_PHOTO_BYTES + 1000)
    response = upload(people.player, campaign, large)

    assert response.status_code == 400
    assert "The photo is larger than 2.0 MB, the most the app takes" in response.content.decode()
    assert GamePhoto.objects.count() == 0


def test_a_huge_image_in_a_small_file_is_refused_before_it_is_decoded(campaign):
    out = io.BytesIO()
    Image.new("1", (10_000, 10_000)).save(out, "PNG")  # 100 megapixels in a few KB
    with pytest.raises(PhotoRefused, match="10000 × 10000 pixels"):
        attach_photo(Game.objects.get(campaign=campaign, number=1), out.getvalue())
    assert GamePhoto.objects.count() == 0


def test_members_see_the_photo_nobody_else_does(personas, campaign):
    people = personas(campaign)
    assert upload(people.player, campaign, camera_jpeg()).status_code == 302
    url = reverse("campaign:game_photo", args=[campaign.slug, 2])

    for member in (people.owner, people.player, people.viewer):
        response = member.get(url)
        assert response.status_code == 200
        assert response["Content-Type"] == "image/jpeg"
        assert bytes(response.content) == bytes(GamePhoto.objects.get().jpeg)
        assert "private" in response["Cache-Control"]
    assert people.outsider.get(url).status_code == 404
    anonymous = people.anonymous.get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    # A game without a photo: 404 to a member too.
    assert (
        people.viewer.get(reverse("campaign:game_photo", args=[campaign.slug, 1])).status_code
        == 404
    )

    checklist = people.viewer.get(reverse("campaign:checklist", args=[campaign.slug, 2]))
    assert url in checklist.content.decode()
    # A viewer sees the photo, but neither adds nor removes one.
    assert "Replace the photo" not in checklist.content.decode()
    assert upload(people.viewer, campaign, camera_jpeg()).status_code == 403
    remove = reverse("campaign:game_photo_remove", args=[campaign.slug, 2])
    assert people.viewer.post(remove).status_code == 403
    assert people.outsider.post(remove).status_code == 404
    assert GamePhoto.objects.count() == 1


def test_the_public_page_never_shows_the_photo(personas, campaign, client):
    people = personas(campaign)
    assert upload(people.player, campaign, camera_jpeg()).status_code == 302
    token = switch_public_link(campaign, True).token
    for name in ("public:dashboard", "public:games", "public:trackers"):
        page = client.get(reverse(name, args=[token])).content.decode()
        assert "/photo/" not in page, name
    # No public address for it: the member's address is refused to a visitor without a seat.
    assert client.get(f"/p/{token}/games/2/photo/").status_code == 404


def test_the_checklist_offers_the_camera_and_the_photo_can_be_removed(personas, campaign):
    people = personas(campaign)
    checklist = reverse("campaign:checklist", args=[campaign.slug, 2])
    page = people.player.get(checklist).content.decode()
    assert 'accept="image/*"' in page and 'capture="environment"' in page
    assert 'enctype="multipart/form-data"' in page

    upload(people.player, campaign, camera_jpeg())
    upload(people.player, campaign, camera_jpeg(800, 600))
    assert GamePhoto.objects.get().width == 800
    added = Change.objects.filter(kind=ChangeKind.PHOTO_ADDED).order_by("id")
    assert [c.summary for c in added] == ["game 2", "game 2, in place of the one it had"]

    response = people.player.post(reverse("campaign:game_photo_remove", args=[campaign.slug, 2]))
    assert response.status_code == 302
    assert GamePhoto.objects.count() == 0
    assert Change.objects.filter(kind=ChangeKind.PHOTO_REMOVED, game_number=2).exists()
    history = people.player.get(reverse("history:list", args=[campaign.slug])).content.decode()
    assert "Photo of the final table removed" in history


def test_the_site_backup_carries_the_photo_and_the_campaign_file_does_not(
    personas, campaign, tmp_path
):
    people = personas(campaign)
    upload(people.player, campaign, camera_jpeg())
    kept = bytes(GamePhoto.objects.get().jpeg)

    backup = tmp_path / "site.json"
    call_command("dumpdata", "live.gamephoto", output=str(backup), verbosity=0)
    GamePhoto.objects.all().delete()
    call_command("loaddata", str(backup), verbosity=0)
    assert bytes(GamePhoto.objects.get().jpeg) == kept

    exported = people.owner.get(reverse("campaign:export", args=[campaign.slug]))
    assert "photo" not in json.dumps(json.loads(exported.content)).lower()


def encoded(image: Image.Image, image_format: str, **options) -> bytes:
    out = io.BytesIO()
    image.save(out, image_format, **options)
    return out.getvalue()


@pytest.mark.parametrize(
    ("image_format", "width", "height", "message"),
    [
        ("PNG", 4000, 4000, "at most 16 megapixels. Take it at a smaller size"),
        ("WEBP", 2828, 2828, "at most 8 megapixels in a WebP file (16 in a JPEG or PNG)"),
    ],
)
def test_a_photo_one_row_over_the_pixel_limit_is_refused_with_a_sentence(
    personas, campaign, image_format, width, height, message
):
    # The limits keep a worker's memory bounded (benchmarks.photo_memory): a few KB of file
    # claiming more pixels is refused from its header, before anything is decoded.
    def photo(rows: int) -> bytes:
        return encoded(Image.new("RGB", (width, rows), (30, 90, 160)), image_format)

    people = personas(campaign)
    response = upload(people.player, campaign, photo(height + 1), "table.img")

    assert response.status_code == 400
    page = response.content.decode()
    assert f"The photo is {width} × {height + 1} pixels: the app takes {message}" in page
    assert GamePhoto.objects.count() == 0
    # At the limit itself, the photo is kept.
    assert upload(people.player, campaign, photo(height)).status_code == 302
    assert GamePhoto.objects.count() == 1


def test_a_tiff_is_refused_with_the_sentence_of_a_file_the_app_does_not_read(campaign):
    with pytest.raises(PhotoRefused, match="choose a JPEG, PNG or WebP photo"):
        prepare_photo(encoded(Image.new("RGB", (600, 400)), "TIFF"))


def test_a_large_jpeg_is_decoded_at_a_fraction_of_its_size():
    # A phone's panorama: libjpeg decodes it at a quarter of its size (still twice the kept
    # size), not 64 MB of pixels at full size.
    data = encoded(Image.new("RGB", (16_000, 1_000), (30, 90, 160)), "JPEG")
    decoded = []
    with Image.open(io.BytesIO(data)) as image:
        load = image.load

        def decode():
            # The size the pixels are decoded at, when they are.
            if image.tile:
                decoded.append(image.size)
            return load()

        image.load = decode
        picture = _decoded_small(image)
    assert decoded == [(4_000, 250)]
    assert picture.size == (LONGEST_SIDE, 100)


SECRET = "home address: 12 Rue des Lilas"


def _with_exif() -> Image.Exif:
    exif = Image.Exif()
    exif[ExifTags.Base.ImageDescription] = SECRET
    exif[ExifTags.Base.Make] = "PhoneMaker"
    return exif


XMP = f'<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:description>{SECRET}</dc:description></x:xmpmeta>'


def _png_text() -> PngImagePlugin.PngInfo:
    text = PngImagePlugin.PngInfo()
    text.add_text("Comment", SECRET)  # tEXt
    text.add_text("Author", SECRET, zip=True)  # zTXt
    text.add_itxt("Description", SECRET, lang="en", tkey="Description")  # iTXt
    text.add_itxt("XML:com.adobe.xmp", XMP)  # XMP, an iTXt chunk
    return text


def _carrying(kind: str) -> bytes:
    """A photo of `kind` carrying the secret in each place that format keeps words."""
    image = Image.new("RGB", (800, 600), (30, 90, 160))
    if kind == "JPEG: COM, EXIF, XMP":
        return encoded(image, "JPEG", comment=SECRET, exif=_with_exif(), xmp=XMP.encode())
    if kind == "PNG: tEXt, zTXt, iTXt, XMP, eXIf":
        return encoded(image, "PNG", pnginfo=_png_text(), exif=_with_exif())
    if kind == "GIF: comment":
        return encoded(image.convert("P"), "GIF", comment=SECRET)
    if kind == "WebP: EXIF, XMP":
        return encoded(image, "WEBP", exif=_with_exif(), xmp=XMP.encode())
    raise AssertionError(kind)


def _jpeg_segments(data: bytes) -> list[tuple[int, bytes]]:
    """The marker and payload of each segment of a JPEG before its image data."""
    assert data[:2] == b"\xff\xd8"
    segments, at = [], 2
    while data[at] == 0xFF and data[at + 1] != 0xDA:  # up to the start of scan
        length = int.from_bytes(data[at + 2 : at + 4], "big")
        segments.append((data[at + 1], data[at + 4 : at + 2 + length]))
        at += 2 + length
    return segments


@pytest.mark.parametrize(
    "kind",
    [
        "JPEG: COM, EXIF, XMP",
        "PNG: tEXt, zTXt, iTXt, XMP, eXIf",
        "GIF: comment",
        "WebP: EXIF, XMP",
    ],
)
def test_every_comment_and_text_of_the_upload_is_left_out_of_the_stored_photo(
    personas, campaign, kind
):
    data = _carrying(kind)
    # The test's own file does carry the words, where Pillow reads them.
    with Image.open(io.BytesIO(data)) as original:
        original.load()
        assert SECRET in repr(original.info) or SECRET in str(dict(original.getexif()))
    people = personas(campaign)
    assert upload(people.player, campaign, data).status_code == 302

    kept = bytes(GamePhoto.objects.get().jpeg)
    assert SECRET.encode() not in kept and b"Lilas" not in kept
    markers = {marker for marker, _ in _jpeg_segments(kept)}
    # Only what a JPEG's pixels need: JFIF's APP0, the quantisation and Huffman tables, the
    # frame. No COM (0xFE), no APP1 (EXIF, XMP), no other APPn.
    assert markers <= {0xE0, 0xDB, 0xC4, 0xC0, 0xC2, 0xDD}, sorted(hex(m) for m in markers)
    assert [payload[:5] for marker, payload in _jpeg_segments(kept) if marker == 0xE0] == [
        b"JFIF\0"
    ]
    image = stored(campaign)
    assert not {"comment", "exif", "xmp", "icc_profile"} & set(image.info)
    assert dict(image.getexif()) == {}
