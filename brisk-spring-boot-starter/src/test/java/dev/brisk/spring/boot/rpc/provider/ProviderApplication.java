package dev.brisk.spring.boot.rpc.provider;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A Boot application that exports {@link RemoteGreeter} over RPC. */
@SpringBootApplication
public class ProviderApplication {
}
