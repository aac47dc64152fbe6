package dev.brisk.openapi.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.Currency;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/** Schemas of the Java types JSON carries as single values: strings, numbers, booleans, dates, ids. */
final class SimpleTypes {

    private static final Map<Class<?>, Map<String, Object>> SCHEMAS = new HashMap<>();

    static {
        for (Class<?> type : new Class<?>[]{String.class, CharSequence.class, char.class, Character.class,
                Locale.class, Currency.class, ZoneId.class, Period.class}) {
            put(type, "string", null);
        }
        put(boolean.class, "boolean", null);
        put(Boolean.class, "boolean", null);
        for (Class<?> type : new Class<?>[]{byte.class, Byte.class, short.class, Short.class, int.class,
                Integer.class}) {
            put(type, "integer", "int32");
        }
        put(long.class, "integer", "int64");
        put(Long.class, "integer", "int64");
        put(BigInteger.class, "integer", null);
        put(float.class, "number", "float");
        put(Float.class, "number", "float");
        put(double.class, "number", "double");
        put(Double.class, "number", "double");
        put(BigDecimal.class, "number", null);
        put(Number.class, "number", null);
        put(UUID.class, "string", "uuid");
        put(LocalDate.class, "string", "date");
        for (Class<?> type : new Class<?>[]{LocalDateTime.class, OffsetDateTime.class, ZonedDateTime.class,
                Instant.class, Date.class, Calendar.class}) {
            put(type, "string", "date-time");
        }
        put(LocalTime.class, "string", "time");
        put(OffsetTime.class, "string", "time");
        put(Duration.class, "string", "duration");
        put(URI.class, "string", "uri");
        put(URL.class, "string", "uri");
    }

    private SimpleTypes() {
    }

    private static void put(Class<?> type, String jsonType, String format) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", jsonType);
        if (format != null) {
            schema.put("format", format);
        }
        SCHEMAS.put(type, schema);
    }

    /** A fresh copy of the schema of {@code type}, or null when it is not a single value. */
    static Map<String, Object> schema(Class<?> type) {
        Map<String, Object> schema = SCHEMAS.get(type);
        return schema == null ? null : new LinkedHashMap<>(schema);
    }
}
