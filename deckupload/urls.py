from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    # i18n/setlang/: Django's set_language (a CSRF-checked POST of `language` and `next`),
    # which the footer's language chooser posts to.
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.urls")),
]

handler400 = "games.views.errors.bad_request"
