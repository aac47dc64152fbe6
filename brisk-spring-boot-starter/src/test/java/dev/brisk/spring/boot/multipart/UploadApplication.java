package dev.brisk.spring.boot.multipart;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** An application that takes file uploads, as a Spring MVC application on Tomcat would. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(UploadApplication.Uploads.class)
class UploadApplication {

    @RestController
    static class Uploads {

        private final String location;

        Uploads(@Value("${spring.servlet.multipart.location:}") String location) {
            this.location = location;
        }

        /** The upload's name and size, and, while it is being handled, the files in the upload location. */
        @PostMapping("/upload")
        public String upload(@RequestParam("file") MultipartFile file) throws IOException {
            return file.getOriginalFilename() + " " + file.getSize() + " bytes" + (location.isEmpty() ? ""
                    : "; spilled: " + spilled());
        }

        @GetMapping("/ping")
        public String ping() {
            return "pong";
        }

        /** Name and size of every file in the location, e.g. {@code [brisk-part-1.tmp=2048]}. */
        private String spilled() throws IOException {
            try (Stream<Path> files = Files.list(Path.of(location))) {
                return files.map(f -> f.getFileName() + "=" + size(f)).sorted()
                        .collect(Collectors.joining(", ", "[", "]"));
            }
        }

        private static long size(Path file) {
            try {
                return Files.size(file);
            } catch (IOException e) {
                return -1;
            }
        }
    }
}
