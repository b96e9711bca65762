"""Chapter 51, discharges by food service establishments (§§ 51.61–51.68): the FOG program."""

from __future__ import annotations

from datetime import date

from sanitas.ordinance.calendar import add_months
from sanitas.ordinance.engine import Context, deadline, derived, rule
from sanitas.ordinance.facts import Device, FrequencyOrder, PumpOut


def _interceptor(device: Device) -> bool:
    return device.kind == "grease_interceptor"


def _in_service(device: Device, ctx: Context) -> bool:
    return device.removed_on is None or device.removed_on > ctx.as_of


def _frequency_order(device: Device, ctx: Context) -> FrequencyOrder | None:
    orders = ctx.referring("frequency_order", "device", device.id)
    return orders[-1] if orders else None


def _last_full_pump_out(device: Device, ctx: Context) -> PumpOut | None:
    for pump_out in reversed(ctx.referring("pump_out", "device", device.id)):
        if pump_out.full:
            return pump_out
    return None


@derived("maintenance_frequency_months", on="device", requirement="FOG-MIN-FREQUENCY")
def maintenance_frequency_months(device: Device, ctx: Context) -> int | None:
    """§ 51.64(B): "At the minimum, all grease interceptors shall be maintained not
    less than once every six months. Grease interceptors shall be fully pumped out
    and cleaned quarterly when the maintenance frequency has not been established.
    The Director may change the maintenance frequency at any time." """
    if not _interceptor(device):
        return None
    order = _frequency_order(device, ctx)
    if order is None:
        return ctx.param("fog.default_frequency_months")
    return min(order.months, ctx.param("fog.max_frequency_months", on=order.date))


@derived("next_pump_out_due", on="device", requirement="FOG-MIN-FREQUENCY")
def next_pump_out_due(device: Device, ctx: Context) -> date | None:
    """The last full pump-out (else the installation) plus the frequency in force."""
    months = ctx.derived("maintenance_frequency_months", device)
    if months is None:
        return None
    last = _last_full_pump_out(device, ctx)
    start = last.date if last is not None else device.installed_on
    if start is None:
        return None
    return add_months(start, months)


@rule("FOG-MIN-FREQUENCY", on="device")
def min_frequency(device: Device, ctx: Context):
    """§ 51.64(B): "At the minimum, all grease interceptors shall be maintained not
    less than once every six months. Grease interceptors shall be fully pumped out
    and cleaned quarterly when the maintenance frequency has not been established." """
    if not _interceptor(device) or not _in_service(device, ctx):
        return None
    due_on = ctx.derived("next_pump_out_due", device)
    if due_on is None:
        return None
    months = ctx.derived("maintenance_frequency_months", device)
    last = _last_full_pump_out(device, ctx)
    order = _frequency_order(device, ctx)
    if order is None:
        basis = f"no frequency set, so every {months} months (quarterly) applies"
    elif months < order.months:
        basis = (
            f"the Director's order of {order.date} sets {order.months} months, "
            f"capped at the {months}-month minimum"
        )
    else:
        basis = f"the Director's order of {order.date} sets every {months} months"
    since = (
        f"Last full pump-out {last.date}"
        if last is not None
        else f"No full pump-out since installation on {device.installed_on}"
    )
    verb = "was due" if ctx.as_of > due_on else "is due"
    return deadline(
        due_on=due_on,
        done_on=None,
        as_of=ctx.as_of,
        explanation=f"{since}; {basis}; next {verb} {due_on}.",
    )
