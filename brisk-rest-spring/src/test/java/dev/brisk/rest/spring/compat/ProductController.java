package dev.brisk.rest.spring.compat;

import jakarta.validation.Valid;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.InputStreamResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import org.springframework.web.util.UriComponentsBuilder;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Products of the sample shop: image uploads (multipart) and downloads (resources), a datasheet and a thumbnail as
 * bytes, and the catalog exported as CSV while it is read. Browser apps of the shop may call it from another origin.
 */
@RestController
@RequestMapping("/products")
@CrossOrigin(origins = "https://shop.example", exposedHeaders = "Location", maxAge = 600)
public class ProductController {

    static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private final Path images;
    private final ProductCatalog catalog;

    public ProductController(Path images, ProductCatalog catalog) {
        this.images = images;
        this.catalog = catalog;
    }

    /** Stores an image with its caption and, optionally, its description as JSON. */
    @PostMapping(path = "/{id}/images", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @CrossOrigin(originPatterns = "https://*.partner.example", allowCredentials = "true")
    public ResponseEntity<Map<String, Object>> upload(@PathVariable long id, @RequestParam("image") MultipartFile image,
                                                      @RequestParam(defaultValue = "") String caption,
                                                      @RequestPart(name = "meta", required = false) @Valid
                                                      Product.ImageMeta meta,
                                                      UriComponentsBuilder uris) throws IOException {
        String name = id + "-" + Path.of(image.getOriginalFilename()).getFileName();
        String digest;
        try (InputStream in = image.getInputStream()) {
            digest = sha256(in);
        }
        image.transferTo(images.resolve(name).toFile());
        Map<String, Object> stored = new LinkedHashMap<>();
        stored.put("name", name);
        stored.put("size", image.getSize());
        stored.put("contentType", image.getContentType());
        stored.put("sha256", digest);
        stored.put("caption", caption);
        stored.put("alt", meta == null ? null : meta.alt());
        stored.put("tags", meta == null ? List.of() : meta.tags());
        return ResponseEntity.created(uris.path("/products/{id}/images/{name}").buildAndExpand(id, name).toUri())
                .body(stored);
    }

    /** Several pictures at once, and optional extras; a form sent without choosing a file has an empty one. */
    @PostMapping("/{id}/gallery")
    public List<String> gallery(@PathVariable long id, @RequestPart("pictures") List<MultipartFile> pictures,
                                @RequestParam(name = "extras", required = false) MultipartFile[] extras,
                                MultipartFile cover) throws IOException {
        List<String> received = new ArrayList<>();
        for (MultipartFile picture : pictures) {
            received.add(picture.getOriginalFilename() + ":" + picture.getSize() + ":" + picture.getBytes().length);
        }
        if (extras != null) {
            for (MultipartFile extra : extras) {
                received.add("extra " + extra.getName() + ":" + (extra.isEmpty() ? "empty" : extra.getSize()));
            }
        }
        received.add("cover " + (cover == null ? "none" : cover.getResource().getFilename()));
        return received;
    }

    @GetMapping("/{id}/images/{name}")
    public ResponseEntity<Resource> image(@PathVariable long id, @PathVariable String name) {
        Path file = images.resolve(Path.of(name).getFileName());
        if (!Files.isRegularFile(file)) {
            return ResponseEntity.notFound().build();
        }
        return ResponseEntity.ok().header(HttpHeaders.CONTENT_DISPOSITION, "inline").body(new FileSystemResource(file));
    }

    @GetMapping("/{id}/thumbnail")
    public ResponseEntity<byte[]> thumbnail(@PathVariable long id) {
        return ResponseEntity.ok().contentType(MediaType.IMAGE_PNG).body(PNG_SIGNATURE.clone());
    }

    @GetMapping(path = "/{id}/datasheet", produces = MediaType.APPLICATION_PDF_VALUE)
    public byte[] datasheet(@PathVariable long id) {
        return ("%PDF-1.7 datasheet of product " + id).getBytes(StandardCharsets.US_ASCII);
    }

    @GetMapping("/catalog.txt")
    public Resource printedCatalog() {
        return new ClassPathResource("compat/catalog.txt");
    }

    @GetMapping("/{id}/manual")
    public ResponseEntity<InputStreamResource> manual(@PathVariable long id) {
        byte[] text = ("# Manual of product " + id + "\n\nHandle with care.\n").getBytes(StandardCharsets.UTF_8);
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("text/markdown"))
                .body(new InputStreamResource(new ByteArrayInputStream(text)));
    }

    @GetMapping("/{id}/label")
    public Resource label(@PathVariable long id) {
        return new ByteArrayResource(("label " + id).getBytes(StandardCharsets.US_ASCII));
    }

    /** The catalog as CSV, each page flushed as soon as it is read, so that clients see rows while the rest loads. */
    @GetMapping("/export.csv")
    public ResponseEntity<StreamingResponseBody> export() {
        StreamingResponseBody body = out -> {
            Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            writer.write("id,name,price\n");
            try {
                List<Product> page;
                for (int i = 0; !(page = catalog.page(i)).isEmpty(); i++) {
                    for (Product product : page) {
                        writer.write(product.id() + "," + product.name() + "," + product.price() + "\n");
                    }
                    writer.flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("export interrupted", e);
            }
            writer.flush();
        };
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("text/csv"))
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"products.csv\"").body(body);
    }

    private static String sha256(InputStream in) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) != -1; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }
}
