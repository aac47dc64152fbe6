package dev.brisk.rest.jaxrs.compat;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/** The tasks, in memory. */
public final class TaskStore {

    private final Map<Long, Task> tasks = new ConcurrentSkipListMap<>();
    private final AtomicLong ids = new AtomicLong();

    public static TaskStore seeded() {
        TaskStore store = new TaskStore();
        store.add(new Task("write the report", 2, LocalDate.of(2030, 1, 15)));
        return store;
    }

    public Task add(Task task) {
        task.setId(ids.incrementAndGet());
        tasks.put(task.getId(), task);
        return task;
    }

    public Task get(long id) {
        Task task = tasks.get(id);
        if (task == null) {
            throw new TaskNotFoundException(id);
        }
        return task;
    }

    public List<Task> all() {
        return List.copyOf(tasks.values());
    }

    public void remove(long id) {
        if (tasks.remove(id) == null) {
            throw new TaskNotFoundException(id);
        }
    }
}
