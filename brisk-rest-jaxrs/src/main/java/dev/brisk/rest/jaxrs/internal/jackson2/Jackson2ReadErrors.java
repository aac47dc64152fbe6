package dev.brisk.rest.jaxrs.internal.jackson2;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.brisk.rest.jaxrs.internal.JsonReadErrors;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.ProcessingException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Jackson 2's reading failures as Jakarta REST exceptions, with the messages of Jackson 3's
 * ({@link JsonReadErrors}): a body that is not JSON or does not fit its type is a {@code BadRequestException}; a type
 * Jackson cannot map, or a stream that fails, a {@code ProcessingException}.
 */
final class Jackson2ReadErrors {

    private Jackson2ReadErrors() {
    }

    static RuntimeException of(IOException error, JavaType type) {
        if (error instanceof JsonProcessingException json && !(error instanceof InvalidDefinitionException)) {
            return new BadRequestException(describe(json), error);
        }
        String message = error instanceof JsonProcessingException json ? json.getOriginalMessage() : error.getMessage();
        return new ProcessingException("cannot read JSON as " + type.getTypeName() + ": " + message, error);
    }

    private static String describe(JsonProcessingException error) {
        List<Object> path = new ArrayList<>();
        if (error instanceof JsonMappingException mapping) {
            for (JsonMappingException.Reference reference : mapping.getPath()) {
                if (reference.getFieldName() != null) {
                    path.add(reference.getFieldName());
                } else if (reference.getIndex() >= 0) {
                    path.add(reference.getIndex());
                }
            }
        }
        JsonLocation location = error.getLocation();
        return JsonReadErrors.describe(error, path,
                error instanceof UnrecognizedPropertyException unknown ? unknown.getPropertyName() : null,
                error instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null,
                location == null ? -1 : location.getLineNr(), location == null ? -1 : location.getColumnNr());
    }
}
