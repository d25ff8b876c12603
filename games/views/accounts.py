"""Sign up, log in, log out (here or everywhere), the account page, and changing or
resetting a password, with Django's auth views and our templates."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST, require_safe

from games.forms.accounts import SignupForm
from games.lockout import client_ip
from games.models import ResetMailCount, UserSession

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
        messages.success(request, gettext("Welcome, %(name)s! Create your first game.") % {"name": user.username})
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


@login_required
@require_safe
def account(request: HttpRequest) -> HttpResponse:
    user_id = cast(int, request.user.pk)  # login_required: a user's, never None
    sessions = UserSession.objects.filter(user_id=user_id, expire_date__gt=timezone.now()).count()
    return render(request, "registration/account.html", {"sessions": sessions})


@login_required
@require_POST
def logout_everywhere(request: HttpRequest) -> HttpResponse:
    """End every session of the user: this one as a log-out does, the others by deleting
    their rows, so that no copy of any of their cookies logs in again."""
    user_id = cast(int, request.user.pk)  # login_required: a user's, never None
    logout(request)
    UserSession.objects.filter(user_id=user_id).delete()
    messages.success(request, gettext("You are logged out on every browser and device."))
    return redirect("home")


# The change views' templates are not Django's default names: the admin renders
# registration/password_change_form.html and password_change_done.html for its own page.
class PasswordChangeView(auth_views.PasswordChangeView):
    """Login required (Django's); keeps this session and ends the user's others."""

    template_name = "registration/password_change.html"


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "registration/password_changed.html"


class PasswordResetView(auth_views.PasswordResetView):
    """Mails a link to the active accounts with that address, within the limits per address
    and per client (``ResetMailCount``), and answers the same "done" page whether or not
    there is an account and whether or not a limit held the mail back."""

    template_name = "registration/password_reset_form.html"
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        if ResetMailCount.take(form.cleaned_data["email"], client_ip(self.request)):
            return super().form_valid(form)
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "registration/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "registration/password_reset_confirm.html"


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "registration/password_reset_complete.html"
