

app_name = "campaign"

urlpatterns: list = []
