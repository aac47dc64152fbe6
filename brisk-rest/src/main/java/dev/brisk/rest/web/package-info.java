/**
 * The web features of a server: the settings group {@link dev.brisk.rest.web.WebConfig}
 * ({@code Brisk.server().web(w -> ...)}), CORS rules ({@link dev.brisk.rest.web.CorsConfig}) and how static files
 * and class path resources are served ({@link dev.brisk.rest.web.StaticOptions}).
 */
package dev.brisk.rest.web;
