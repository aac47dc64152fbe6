/**
 * Protection of a server against overload and unwanted clients: the settings group {@link
 * dev.brisk.rest.protect.ProtectionConfig} ({@code Brisk.server().protection(p -> ...)}) and the values it holds
 * ({@link dev.brisk.rest.protect.ProtectionOptions}: concurrency limit, load shedding, request timeout, IP filters,
 * trusted proxies and the header they write), and the per-handler annotations {@link
 * dev.brisk.rest.protect.MaxConcurrency} and {@link dev.brisk.rest.protect.RequestTimeout}.
 */
package dev.brisk.rest.protect;
