package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A custom entity provider: reads and writes a {@link Book} as {@code text/csv} (a header line, then
 * {@code id,title,author,year,isbn} with RFC 4180 quoting). Resources choose it with {@code @Produces}/
 * {@code @Consumes("text/csv")}; JSON stays with the runtime's Jackson provider.
 */
@Provider
@Produces(BookCsvProvider.TEXT_CSV)
@Consumes(BookCsvProvider.TEXT_CSV)
public class BookCsvProvider implements MessageBodyReader<Book>, MessageBodyWriter<Book> {

    public static final String TEXT_CSV = "text/csv";

    static final String HEADER = "id,title,author,year,isbn";

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == Book.class;
    }

    @Override
    public Book readFrom(Class<Book> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                         MultivaluedMap<String, String> httpHeaders, InputStream entityStream) throws IOException {
        String text = new String(entityStream.readAllBytes(), charset(mediaType));
        for (String line : text.split("\r?\n")) {
            if (line.isBlank() || line.equals(HEADER)) {
                continue;
            }
            List<String> fields = parse(line);
            if (fields.size() != 5) {
                throw new BadRequestException("a book is " + HEADER + ", not " + line);
            }
            try {
                return new Book(fields.get(0).isEmpty() ? null : Long.valueOf(fields.get(0)), fields.get(1),
                        fields.get(2), Integer.valueOf(fields.get(3)), fields.get(4).isEmpty() ? null : fields.get(4));
            } catch (NumberFormatException e) {
                throw new BadRequestException("bad number in " + line, e);
            }
        }
        throw new BadRequestException("no book in the CSV entity");
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return Book.class.isAssignableFrom(type);
    }

    @Override
    public void writeTo(Book book, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                        MultivaluedMap<String, Object> httpHeaders, OutputStream entityStream) throws IOException {
        write(List.of(book), entityStream);
    }

    /** Writes the header line and one line per book. */
    static void write(List<Book> books, OutputStream output) throws IOException {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Book book : books) {
            csv.append(book.id() == null ? "" : book.id()).append(',')
                    .append(quote(book.title())).append(',')
                    .append(quote(book.author())).append(',')
                    .append(book.year() == null ? "" : book.year()).append(',')
                    .append(book.isbn() == null ? "" : book.isbn()).append('\n');
        }
        output.write(csv.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String quote(String field) {
        if (field == null) {
            return "";
        }
        if (field.contains(",") || field.contains("\"")) {
            return '"' + field.replace("\"", "\"\"") + '"';
        }
        return field;
    }

    private static List<String> parse(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static Charset charset(MediaType mediaType) {
        String charset = mediaType == null ? null : mediaType.getParameters().get(MediaType.CHARSET_PARAMETER);
        return charset == null ? StandardCharsets.UTF_8 : Charset.forName(charset);
    }
}
