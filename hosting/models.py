"""The throttles' memory: one row per password reset asked for, and one per account made,
each kept an hour or so.

In the database, so every worker and every app server counts the same requests (the login
throttle, django-axes, keeps its own table the same way).
"""

from django.db import models


class PasswordResetRequest(models.Model):
    # The address that asked, and a digest of the email address it asked for (not the address
    # itself: this table only counts).
    address = models.CharField(max_length=45)
    email_digest = models.CharField(max_length=64)
    requested_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-requested_at"]
        indexes = [
            models.Index(fields=["address", "requested_at"], name="hosting_reset_by_address"),
            models.Index(fields=["email_digest", "requested_at"], name="hosting_reset_by_email"),
        ]

    def __str__(self) -> str:
        return f"Password reset asked from {self.address} at {self.requested_at:%Y-%m-%d %H:%M}"


class SignUp(models.Model):
    """An account made through the sign-up page, counted by the address it came from."""

    address = models.CharField(max_length=45)
    signed_up_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-signed_up_at"]
        indexes = [
            models.Index(fields=["address", "signed_up_at"], name="hosting_signup_by_address")
        ]

    def __str__(self) -> str:
        return f"Account made from {self.address} at {self.signed_up_at:%Y-%m-%d %H:%M}"
