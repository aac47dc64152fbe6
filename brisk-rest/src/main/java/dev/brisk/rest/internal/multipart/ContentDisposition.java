package dev.brisk.rest.internal.multipart;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;

/**
 * A part's {@code Content-Disposition: form-data; name="..."; filename="..."} (RFC 7578 section 4.2), with the
 * encodings clients use for names that do not fit a quoted string: backslash escapes ({@code \"}), the percent escapes
 * browsers write for {@code "}, CR and LF (HTML, "multipart/form-data encoding algorithm"), and {@code filename*}
 * (RFC 8187: {@code UTF-8''%E2%82%AC.txt}), which wins over {@code filename}.
 *
 * @param name     the field name
 * @param filename the file name as the client sent it, or null when the part is not a file
 */
record ContentDisposition(String name, String filename) {

    static ContentDisposition parse(String value, int partNumber) {
        String where = "part " + partNumber;
        int semicolon = value.indexOf(';');
        String type = (semicolon < 0 ? value : value.substring(0, semicolon)).trim();
        if (!type.equalsIgnoreCase("form-data")) {
            throw MultipartException.malformed(where + " has Content-Disposition \"" + type
                    + "\" where form-data is required");
        }
        String name = null;
        String extendedName = null;
        String filename = null;
        String extendedFilename = null;
        int i = semicolon < 0 ? value.length() : semicolon + 1;
        while (i < value.length()) {
            while (i < value.length() && (value.charAt(i) == ' ' || value.charAt(i) == '\t' || value.charAt(i) == ';')) {
                i++;
            }
            if (i >= value.length()) {
                break;
            }
            int equals = value.indexOf('=', i);
            if (equals < 0) {
                throw MultipartException.malformed(where + " has a Content-Disposition parameter without value: "
                        + value.substring(i).trim());
            }
            String parameter = value.substring(i, equals).trim().toLowerCase(Locale.ROOT);
            i = equals + 1;
            while (i < value.length() && (value.charAt(i) == ' ' || value.charAt(i) == '\t')) {
                i++;
            }
            String parameterValue;
            if (i < value.length() && value.charAt(i) == '"') {
                StringBuilder quoted = new StringBuilder();
                i++;
                boolean closed = false;
                while (i < value.length()) {
                    char c = value.charAt(i++);
                    if (c == '\\' && i < value.length() && (value.charAt(i) == '"' || value.charAt(i) == '\\')) {
                        quoted.append(value.charAt(i++));
                    } else if (c == '"') {
                        closed = true;
                        break;
                    } else {
                        quoted.append(c);
                    }
                }
                if (!closed) {
                    throw MultipartException.malformed(where + " has an unterminated quoted " + parameter);
                }
                parameterValue = quoted.toString();
            } else {
                int end = value.indexOf(';', i);
                parameterValue = value.substring(i, end < 0 ? value.length() : end).trim();
                i = end < 0 ? value.length() : end;
            }
            switch (parameter) {
                case "name" -> name = htmlUnescape(parameterValue);
                case "name*" -> extendedName = extended(parameterValue, where);
                case "filename" -> filename = htmlUnescape(parameterValue);
                case "filename*" -> extendedFilename = extended(parameterValue, where);
                default -> {
                    // other parameters carry nothing for form data
                }
            }
        }
        if (extendedName != null) {
            name = extendedName;
        }
        if (extendedFilename != null) {
            filename = extendedFilename;
        }
        if (name == null) {
            throw MultipartException.malformed(where + " has no name in its Content-Disposition");
        }
        return new ContentDisposition(name, filename);
    }

    /** The escapes HTML's form encoding writes for {@code "}, CR and LF in names and file names. */
    private static String htmlUnescape(String value) {
        if (value.indexOf('%') < 0) {
            return value;
        }
        return value.replace("%22", "\"").replace("%0D", "\r").replace("%0A", "\n")
                .replace("%0d", "\r").replace("%0a", "\n");
    }

    /** An RFC 8187 ext-value: {@code charset'language'percent-encoded}. */
    private static String extended(String value, String where) {
        int first = value.indexOf('\'');
        int second = first < 0 ? -1 : value.indexOf('\'', first + 1);
        if (second < 0) {
            throw MultipartException.malformed(where + " has an invalid extended parameter value: " + value);
        }
        Charset charset;
        try {
            charset = Charset.forName(value.substring(0, first));
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw MultipartException.malformed(where + " names an unknown charset: " + value.substring(0, first));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = second + 1; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%') {
                int hi = i + 2 < value.length() ? Character.digit(value.charAt(i + 1), 16) : -1;
                int lo = hi < 0 ? -1 : Character.digit(value.charAt(i + 2), 16);
                if (lo < 0) {
                    throw MultipartException.malformed(where + " has an invalid percent escape in: " + value);
                }
                bytes.write(hi << 4 | lo);
                i += 2;
            } else if (c > 0x7e || c <= ' ') {
                throw MultipartException.malformed(where + " has an unencoded character in: " + value);
            } else {
                bytes.write(c);
            }
        }
        return bytes.toString(charset);
    }
}
