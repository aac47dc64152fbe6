package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/** Files attached to a task: uploaded as multipart forms (Jakarta REST 3.1 {@code EntityPart}), downloaded back. */
@Path("tasks/{id}/attachments")
public class AttachmentResource {

    private final TaskStore tasks;
    private final AttachmentStore store;

    public AttachmentResource(TaskStore tasks, AttachmentStore store) {
        this.tasks = tasks;
        this.store = store;
    }

    /** One file and an optional note, as an HTML form sends them. */
    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces(MediaType.APPLICATION_JSON)
    public Response upload(@PathParam("id") long id, @FormParam("file") EntityPart file,
                           @FormParam("note") String note) throws IOException {
        tasks.get(id);
        if (file == null) {
            throw new BadRequestException("the form has no 'file' part");
        }
        Attachment saved;
        try (InputStream content = file.getContent()) {
            saved = store.save(id, file.getFileName().orElse(file.getName()), file.getMediaType().toString(), note,
                    content);
        }
        return Response.status(Response.Status.CREATED).entity(saved).build();
    }

    /** Several files described by a JSON part, read as the whole list of parts. */
    @POST
    @Path("batch")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces(MediaType.APPLICATION_JSON)
    public List<Attachment> uploadBatch(@PathParam("id") long id, List<EntityPart> parts) throws IOException {
        tasks.get(id);
        AttachmentMeta meta = null;
        List<EntityPart> files = new ArrayList<>();
        for (EntityPart part : parts) {
            if (part.getName().equals("meta")) {
                meta = part.getContent(AttachmentMeta.class);
            } else if (part.getName().equals("tags")) {
                List<String> tags = part.getContent(new GenericType<List<String>>() { });
                if (tags.isEmpty()) {
                    throw new BadRequestException("tags must not be empty");
                }
            } else {
                files.add(part);
            }
        }
        if (meta == null) {
            throw new BadRequestException("the form has no 'meta' part");
        }
        List<Attachment> saved = new ArrayList<>();
        for (EntityPart file : files) {
            try (InputStream content = file.getContent()) {
                saved.add(store.save(id, file.getFileName().orElse(file.getName()), file.getMediaType().toString(),
                        meta.note() + " (" + meta.uploadedBy() + ")", content));
            }
        }
        return saved;
    }

    /** Every attachment of the task as one multipart response: an index part, then the files. */
    @GET
    @Produces(MediaType.MULTIPART_FORM_DATA)
    public Response all(@PathParam("id") long id) throws IOException {
        tasks.get(id);
        List<EntityPart> parts = new ArrayList<>();
        List<Attachment> attachments = store.of(id);
        parts.add(EntityPart.withName("index").mediaType(MediaType.APPLICATION_JSON_TYPE)
                .content(attachments, new GenericType<List<Attachment>>() { }).build());
        for (Attachment attachment : attachments) {
            parts.add(EntityPart.withName("file").fileName(attachment.fileName()).mediaType(attachment.mediaType())
                    .header("Content-Description", "attachment " + attachment.number())
                    .content(Files.newInputStream(store.file(id, attachment.number()))).build());
        }
        return Response.ok(new GenericEntity<>(parts) { }).build();
    }

    /** Replaces the content of an attachment: the part's content only, as a stream. */
    @PUT
    @Path("{number}")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public void replace(@PathParam("id") long id, @PathParam("number") int number,
                        @FormParam("file") InputStream content) throws IOException {
        store.get(id, number);
        if (content == null) {
            throw new BadRequestException("the form has no 'file' part");
        }
        try (InputStream in = content) {
            Files.copy(in, store.file(id, number), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** One attachment as a download: the file itself. */
    @GET
    @Path("{number}")
    public Response download(@PathParam("id") long id, @PathParam("number") int number) {
        Attachment attachment = store.get(id, number);
        File file = store.file(id, number).toFile();
        return Response.ok(file, attachment.mediaType())
                .header("Content-Disposition", "attachment; filename=\"" + attachment.fileName() + "\"").build();
    }

    /** One attachment shown in the page: a stream of the file. */
    @GET
    @Path("{number}/inline")
    public Response inline(@PathParam("id") long id, @PathParam("number") int number) throws IOException {
        Attachment attachment = store.get(id, number);
        return Response.ok(new FileInputStream(store.file(id, number).toFile()), attachment.mediaType())
                .header("Content-Disposition", "inline").build();
    }
}
