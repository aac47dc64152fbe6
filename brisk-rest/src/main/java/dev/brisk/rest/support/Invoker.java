package dev.brisk.rest.support;


/** Calls one method with its arguments in an array; made once per method, at startup. */
public interface Invoker {

    Object[] NO_ARGS = new Object[0];

    Object invoke(Object target, Object[] args) throws Throwable;
}
