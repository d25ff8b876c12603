"""Sign up, log in and log out with Django's auth and our templates."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters

from games.forms import SignupForm

# The backend that keeps the signed-up user in the session (axes' backend, listed first,
# only refuses locked-out log-ins and loads no users).
USER_BACKEND = "django.contrib.auth.backends.ModelBackend"


@sensitive_post_parameters("password1", "password2")
def signup(request: HttpRequest) -> HttpResponse:
    next_url = _safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=USER_BACKEND)
        if next_url:  # e.g. back to the invite link of a Join game
            return redirect(next_url)
        messages.success(request, f"Welcome, {user.username}! Create your first game.")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


def _safe_next(request: HttpRequest) -> str:
    """The ?next= (or posted next) path when it points at this site, else ""."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    ok = url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()}, require_https=request.is_secure())
    # A path only: redirect() reads a word without "/" (?next=home, ?next=²) as a view name
    # to reverse, and NoReverseMatch is a 500.
    return url if ok and url.startswith("/") else ""


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    """POST only (Django 5): a link or an image tag cannot log anyone out."""
