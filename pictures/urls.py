from django.urls import path

from pictures import views
from pictures.charts import PICTURED

app_name = "pictures"

urlpatterns = [
    path("<slug:slug>/charts/", views.charts_page, name="charts"),
    # Each chart drawn as a picture, at an address of its own that takes only the slug.
    *(
        path(
            f"<slug:slug>/charts/{chart}.svg",
            views.chart_picture,
            {"chart": chart},
            name=f"chart_{chart}",
        )
        for chart in PICTURED
    ),
    path("<slug:slug>/trackers/<slug:key>.png", views.tracker_png, name="tracker_png"),
    path(
        "<slug:slug>/games/<number:number>/summary/",
        views.game_summary,
        name="game_summary",
    ),
]
