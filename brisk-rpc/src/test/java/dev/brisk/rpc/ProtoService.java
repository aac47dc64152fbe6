package dev.brisk.rpc;

import com.google.protobuf.Int64Value;
import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;

import java.util.concurrent.CompletableFuture;

/** A service whose parameters and results are Protobuf messages. */
public interface ProtoService {

    StringValue echo(StringValue value);

    Timestamp later(Timestamp start, Int64Value seconds);

    CompletableFuture<Struct> describe(StringValue name);

    StringValue orNull(StringValue value);
}
