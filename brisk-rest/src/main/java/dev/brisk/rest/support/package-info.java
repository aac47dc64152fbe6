/**
 * What Brisk's own modules share to build on brisk-rest, exported to them only: generated method invokers, parameter
 * names, bean validation, RFC 9457 problem documents, result types and optional-library checks. Not API: it may
 * change with any release.
 */
package dev.brisk.rest.support;
