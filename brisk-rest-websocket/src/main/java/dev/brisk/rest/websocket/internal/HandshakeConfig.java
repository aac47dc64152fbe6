package dev.brisk.rest.websocket.internal;

import jakarta.websocket.Decoder;
import jakarta.websocket.Encoder;
import jakarta.websocket.Extension;
import jakarta.websocket.server.ServerEndpointConfig;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The configuration an {@code @OnOpen} method may take: the endpoint's path, class and subprotocols, per session. */
final class HandshakeConfig implements ServerEndpointConfig {

    private final EndpointModel model;
    private final Map<String, Object> userProperties = new ConcurrentHashMap<>();

    HandshakeConfig(EndpointModel model) {
        this.model = model;
    }

    @Override
    public Class<?> getEndpointClass() {
        return model.type();
    }

    @Override
    public String getPath() {
        return model.path();
    }

    @Override
    public List<String> getSubprotocols() {
        return model.options().subprotocols();
    }

    @Override
    public List<Extension> getExtensions() {
        return List.of();
    }

    @Override
    public Configurator getConfigurator() {
        throw new UnsupportedOperationException("Brisk runs no configurator: filters see the handshake");
    }

    @Override
    public List<Class<? extends Encoder>> getEncoders() {
        return List.of();
    }

    @Override
    public List<Class<? extends Decoder>> getDecoders() {
        return List.of();
    }

    @Override
    public Map<String, Object> getUserProperties() {
        return userProperties;
    }
}
