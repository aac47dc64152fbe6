package dev.brisk.benchmarks.client;

import java.time.Duration;

/**
 * Reads the values of a launcher command's options ({@code --name value}), failing with a message that names the
 * command and the option. Lives beside the client harness, which the peers' own jars compile in too.
 */
public final class CommandArgs {

    private final String command;
    private final String[] args;

    public CommandArgs(String command, String[] args) {
        this.command = command;
        this.args = args;
    }

    /** The value after the option at {@code index - 1}. */
    public String value(int index) {
        if (index >= args.length) {
            throw new IllegalArgumentException(command + ": option " + args[index - 1] + " needs a value");
        }
        return args[index];
    }

    /** The value at {@code index} as a whole number. */
    public int number(int index) {
        String value = value(index);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(command + ": " + args[index - 1] + " needs a whole number: " + value);
        }
    }

    /** The value at {@code index} as seconds, fractions allowed. */
    public Duration seconds(int index) {
        String value = value(index);
        try {
            return Duration.ofMillis(Math.round(Double.parseDouble(value) * 1000));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(command + ": " + args[index - 1] + " needs seconds: " + value);
        }
    }
}
