package dev.brisk.spring.boot.actuate.internal;

import dev.brisk.rest.HttpStatusException;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.util.MimeTypeUtils;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The media type an actuator response is written in, chosen as Spring MVC chooses it for an endpoint's mapping: the
 * accepted types (any, without {@code Accept}) ordered by quality then specificity; for each, the produced types
 * compatible with it, in the endpoint's order, keeping the more specific of the two; these ordered the same way; the
 * first concrete one. So {@code application/json} is answered in {@code application/json}, and {@code *}{@code /*} or
 * no {@code Accept} in the first produced type (Actuator's {@code application/vnd.spring-boot.actuator.v3+json}).
 */
final class ResponseMediaType {

    private static final List<MediaType> ANY = List.of(MediaType.ALL);
    private static final List<MediaType> ANY_APPLICATION = List.of(MediaType.ALL, new MediaType("application"));

    private ResponseMediaType() {
    }

    /** The type to write for {@code accept} (the Accept header fields) among {@code produced}; null when none fits. */
    static MediaType choose(List<String> accept, List<MediaType> produced) {
        Set<MediaType> compatible = new LinkedHashSet<>();
        for (MediaType wanted : accepted(accept)) {
            for (MediaType offered : produced) {
                if (wanted.isCompatibleWith(offered)) {
                    compatible.add(moreSpecific(wanted, offered));
                }
            }
        }
        List<MediaType> ordered = new ArrayList<>(compatible);
        MimeTypeUtils.sortBySpecificity(ordered);
        for (MediaType type : ordered) {
            if (type.isConcrete()) {
                return type.removeQualityValue();
            }
            if (type.isPresentIn(ANY_APPLICATION)) {
                return MediaType.APPLICATION_OCTET_STREAM;
            }
        }
        return null;
    }

    /** The accepted types, most wanted first; any type without {@code Accept}; a malformed field is a 406. */
    static List<MediaType> accepted(List<String> accept) {
        if (accept.isEmpty()) {
            return ANY;
        }
        try {
            List<MediaType> types = new ArrayList<>(MediaType.parseMediaTypes(accept));
            MimeTypeUtils.sortBySpecificity(types);
            return types.isEmpty() ? ANY : types;
        } catch (InvalidMediaTypeException e) {
            throw new HttpStatusException(406, "the Accept header cannot be parsed: " + e.getMessage());
        }
    }

    /** The produced type with the accepted one's quality when it is more specific, else the accepted one. */
    private static MediaType moreSpecific(MediaType wanted, MediaType offered) {
        MediaType produced = offered.copyQualityValue(wanted);
        return wanted.isLessSpecific(produced) ? produced : wanted;
    }
}
