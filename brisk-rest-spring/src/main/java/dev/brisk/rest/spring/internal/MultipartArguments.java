package dev.brisk.rest.spring.internal;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.CodecException;
import dev.brisk.codec.MediaType;
import dev.brisk.rest.ArgumentResolver;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.multipart.Part;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.multipart.MultipartFile;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parameters filled from the parts of a {@code multipart/form-data} request, as Spring MVC fills them:
 * {@link MultipartFile} (alone, in a {@code List}/{@code Collection}, an array or an {@code Optional}) from the file
 * parts of that name, with {@code @RequestParam}, {@code @RequestPart} or no annotation (then optional);
 * {@code Map}/{@code MultiValueMap} of files; and {@code @RequestPart} of any other type: the part's content read
 * by the server's codecs as the part's {@code Content-Type}. A required file or part that is missing is Spring's
 * missing-part exception (400); a request that is not multipart is Spring's {@code MultipartException}.
 */
final class MultipartArguments {

    /** How a parameter holds the files of one name. */
    private enum Shape { SINGLE, OPTIONAL, COLLECTION, ARRAY }

    private MultipartArguments() {
    }

    /** Whether the parameter takes uploaded files: MultipartFile, or a collection, array or Optional of it. */
    static boolean takesFiles(MethodParameter parameter) {
        return shape(parameter) != null;
    }

    /** Whether the parameter is a {@code Map<String, MultipartFile>} or {@code MultiValueMap<String, MultipartFile>}. */
    static boolean takesFileMap(MethodParameter parameter) {
        return Map.class.isAssignableFrom(parameter.getParameterType())
                && valueType(parameter.getGenericParameterType()) == MultipartFile.class;
    }

    /** The files named {@code name}; {@code required} as the annotation says (unannotated: false). */
    static ArgumentResolver files(MethodParameter parameter, String name, boolean required) {
        Shape shape = shape(parameter);
        return ctx -> {
            if (!isMultipart(ctx)) {
                if (required) {
                    throw SpringErrors.notMultipart();
                }
                return absent(shape);
            }
            List<Part> files = new ArrayList<>(1);
            for (Part part : ctx.multipart().parts(name)) {
                if (part.filename().isPresent()) {
                    files.add(part);
                }
            }
            if (files.isEmpty()) {
                if (required) {
                    throw SpringErrors.get().missingPart(name, parameter);
                }
                return absent(shape);
            }
            return switch (shape) {
                case SINGLE -> new PartFile(files.get(0));
                case OPTIONAL -> Optional.of(new PartFile(files.get(0)));
                case COLLECTION -> new ArrayList<MultipartFile>(files.stream().map(PartFile::new).toList());
                case ARRAY -> files.stream().map(PartFile::new).toArray(MultipartFile[]::new);
            };
        };
    }

    /** Every uploaded file by name: the first of each name, or all of them for a {@code MultiValueMap}. */
    static ArgumentResolver fileMap(MethodParameter parameter) {
        boolean multi = MultiValueMap.class.isAssignableFrom(parameter.getParameterType());
        return ctx -> {
            MultiValueMap<String, MultipartFile> all = new LinkedMultiValueMap<>();
            if (isMultipart(ctx)) {
                for (Part part : ctx.multipart().parts()) {
                    if (part.filename().isPresent()) {
                        all.add(part.name(), new PartFile(part));
                    }
                }
            }
            if (multi) {
                return all;
            }
            Map<String, MultipartFile> first = new LinkedHashMap<>();
            all.forEach((name, files) -> first.put(name, files.get(0)));
            return first;
        };
    }

    /**
     * A {@code @RequestPart} that is not a file: the content of the part named {@code name} (a field or a file) as
     * the parameter's type: {@code String} (in the part's charset), {@code byte[]}, Brisk's {@link Part}, or an object
     * read by the codec for the part's {@code Content-Type} (none: {@code application/octet-stream}).
     */
    static ArgumentResolver part(MethodParameter parameter, String name, boolean required) {
        boolean optional = parameter.getParameterType() == Optional.class;
        Type type = optional ? argument(parameter.getGenericParameterType())
                : parameter.getGenericParameterType();
        boolean mandatory = required && !optional;
        return ctx -> {
            Optional<Part> part = isMultipart(ctx) ? ctx.multipart().part(name) : Optional.empty();
            if (part.isEmpty()) {
                if (mandatory) {
                    throw isMultipart(ctx) ? SpringErrors.get().missingPart(name, parameter)
                            : SpringErrors.notMultipart();
                }
                return optional ? Optional.empty() : null;
            }
            Object value = read(ctx, part.get(), type);
            return optional ? Optional.ofNullable(value) : value;
        };
    }

    private static Object read(RequestContext ctx, Part part, Type type) throws Exception {
        if (type == String.class) {
            return part.string();
        }
        if (type == byte[].class) {
            return part.bytes();
        }
        if (type == Part.class) {
            return part;
        }
        String contentType = part.contentType().orElse(null);
        MediaType mediaType;
        try {
            mediaType = contentType == null ? MediaType.APPLICATION_OCTET_STREAM : MediaType.parse(contentType);
        } catch (IllegalArgumentException e) {
            throw SpringErrors.get().unsupportedMediaType(contentType, List.of(), ctx.request().method().name());
        }
        BodyCodec codec = ctx.codecs().decoder(type, mediaType).orElse(null);
        if (codec == null) {
            throw SpringErrors.get().unsupportedMediaType(mediaType.toString(),
                    SpringErrors.springTypes(ctx.codecs().codecs().stream()
                            .filter(c -> c.canDecode(type, MediaType.ALL)).flatMap(c -> c.mediaTypes().stream())
                            .distinct().toList()),
                    ctx.request().method().name());
        }
        try (InputStream in = part.inputStream()) {
            return codec.decode(in, type, mediaType);
        } catch (CodecException e) {
            String detail = BodyErrors.describe(e.getCause() != null ? e.getCause() : e);
            String inPart = detail.startsWith("the request body")
                    ? "part '" + part.name() + "'" + detail.substring("the request body".length())
                    : "part '" + part.name() + "': " + detail;
            throw new HttpMessageNotReadableException(inPart, e, new PartMessage(part));
        }
    }

    static boolean isMultipart(RequestContext ctx) {
        String contentType = ctx.request().headers().get("content-type", null);
        return contentType != null && contentType.regionMatches(true, 0, "multipart/form-data", 0, 19);
    }

    private static Object absent(Shape shape) {
        return shape == Shape.OPTIONAL ? Optional.empty() : null;
    }

    private static Shape shape(MethodParameter parameter) {
        Class<?> type = parameter.getParameterType();
        if (type == MultipartFile.class) {
            return Shape.SINGLE;
        }
        if (type.isArray()) {
            return type.getComponentType() == MultipartFile.class ? Shape.ARRAY : null;
        }
        Type element = argument(parameter.getGenericParameterType());
        if (element != MultipartFile.class) {
            return null;
        }
        if (type == Optional.class) {
            return Shape.OPTIONAL;
        }
        return type == Collection.class || List.class.isAssignableFrom(type) ? Shape.COLLECTION : null;
    }

    private static Type argument(Type generic) {
        return generic instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments().length == 1
                ? parameterized.getActualTypeArguments()[0] : Object.class;
    }

    private static Type valueType(Type generic) {
        if (generic instanceof ParameterizedType parameterized) {
            Type[] arguments = parameterized.getActualTypeArguments();
            return arguments[arguments.length - 1];
        }
        return Object.class;
    }

    /** A part as Spring's {@link HttpInputMessage}, for the exception that carries it. */
    private record PartMessage(Part part) implements HttpInputMessage {
        @Override
        public InputStream getBody() throws IOException {
            return part.inputStream();
        }

        @Override
        public HttpHeaders getHeaders() {
            HttpHeaders headers = new HttpHeaders();
            part.headers().forEach((name, value) -> headers.add(name.toString(), value.toString()));
            return headers;
        }
    }
}
