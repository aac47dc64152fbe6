package dev.brisk.spring.boot.sample;

import org.springframework.stereotype.Service;

/** An ordinary service bean the controllers get injected. */
@Service
public class GreetingService {

    public GreetingController.Greeting greet(String salutation, String name) {
        return new GreetingController.Greeting(name, salutation + ", " + name + "!");
    }
}
