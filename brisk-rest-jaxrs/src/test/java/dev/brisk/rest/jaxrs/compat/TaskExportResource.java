package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.stream.Stream;

/** CSV downloads of the tasks, written while they are read: the archive holds far more than memory does. */
@Path("tasks/export")
public class TaskExportResource {

    static final String HEADER = "id,title,priority,done\n";

    private final TaskStore store;
    private final TaskArchive archive;

    public TaskExportResource(TaskStore store, TaskArchive archive) {
        this.store = store;
        this.archive = archive;
    }

    @GET
    @Produces("text/csv")
    @Compressed
    public Response current() {
        return download("tasks.csv", store.all().stream());
    }

    @GET
    @Path("archive")
    @Produces("text/csv")
    @Compressed
    public Response archived() {
        return Response.ok((StreamingOutput) out -> {
            try (Stream<Task> tasks = archive.completed()) {
                write(tasks, out);
            }
        }).header("Content-Disposition", "attachment; filename=\"archive.csv\"").build();
    }

    private static Response download(String fileName, Stream<Task> tasks) {
        StreamingOutput csv = out -> write(tasks, out);
        return Response.ok(csv).header("Content-Disposition", "attachment; filename=\"" + fileName + "\"").build();
    }

    private static void write(Stream<Task> tasks, OutputStream out) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        writer.write(HEADER);
        writer.flush(); // the download starts before the first row is read
        for (Iterator<Task> it = tasks.iterator(); it.hasNext(); ) {
            Task task = it.next();
            writer.write(task.getId() + "," + task.getTitle() + "," + task.getPriority() + "," + task.isDone() + "\n");
        }
        writer.flush();
    }
}
