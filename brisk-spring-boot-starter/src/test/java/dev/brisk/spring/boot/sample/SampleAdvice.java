package dev.brisk.spring.boot.sample;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.util.Map;

/** Turns the application's exceptions into responses, for every controller. */
@RestControllerAdvice
public class SampleAdvice {

    @ExceptionHandler(UserNotFoundException.class)
    @ResponseStatus(HttpStatus.NOT_FOUND)
    public Map<String, String> notFound(UserNotFoundException e) {
        return Map.of("error", e.getMessage());
    }
}
